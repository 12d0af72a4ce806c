# CMake package of starcarp: find_package(starcarp) then link starcarp::starcarp.
# StarPU comes with it (as found when starcarp was built: cmake/starcarp_package.cmake): its
# headers as system headers, its libraries by absolute path; no pkg-config needed here.

####### Expanded from @PACKAGE_INIT@ by configure_package_config_file() #######
####### Any changes to this file will be overwritten by the next CMake run ####
####### The input file was starcarpConfig.cmake.in                            ########

get_filename_component(PACKAGE_PREFIX_DIR "${CMAKE_CURRENT_LIST_DIR}/../../../" ABSOLUTE)

macro(set_and_check _var _file)
  set(${_var} "${_file}")
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "File or directory ${_file} referenced by variable ${_var} does not exist !")
  endif()
endmacro()

macro(check_required_components _NAME)
  foreach(comp ${${_NAME}_FIND_COMPONENTS})
    if(NOT ${_NAME}_${comp}_FOUND)
      if(${_NAME}_FIND_REQUIRED_${comp})
        set(${_NAME}_FOUND FALSE)
      endif()
    endif()
  endforeach()
endmacro()

####################################################################################
if(NOT TARGET PkgConfig::STARPU)
  add_library(PkgConfig::STARPU INTERFACE IMPORTED)
  set_target_properties(PkgConfig::STARPU PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "/work/main/.deps/starpu/include/starpu/1.4;/usr/local/cuda/include"
    INTERFACE_LINK_LIBRARIES "/work/main/.deps/starpu/lib/libstarpu-1.4.so;pthread;/usr/lib/x86_64-linux-gnu/libhwloc.so")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/starcarpTargets.cmake")
check_required_components(starcarp)
