# starcarp_package.cmake: the installed package (included by the top CMakeLists.txt): the public
# headers, the CMake package (starcarpConfig.cmake, the exported target) and the pkg-config file.
#
# Both carry StarPU with them, so that a user needs only starcarp's own prefix (PKG_CONFIG_PATH or
# CMAKE_PREFIX_PATH), not StarPU's: its include folders as system headers (-isystem: the CUDA
# headers StarPU includes warn about deprecations in user code otherwise), its libraries with an
# rpath (a program runs with no LD_LIBRARY_PATH). No feature macro is forced on the application:
# StarPU's headers need POSIX's (pthread barriers and rwlocks, strerror_r), which -std=gnu11 (the
# compilers' default) has and a strict -std=c11 program gets by defining _XOPEN_SOURCE 700 (or
# _POSIX_C_SOURCE 200809L) before its first include, as with StarPU alone (docs/api.md).

# The headers (include/: starcarp.h, starcarp_model.h, the tissue API sc_tissue.h...) are the library's
# PUBLIC_HEADER: SC_PUBLIC_HEADERS of codelets/CMakeLists.txt, which also decides its exports.

# StarPU as found (pkg-config, or the STARPU_DIR prefix without pkg-config). One that this tree
# built (scripts/install-deps.sh: .deps/starpu), or any with STARCARP_BUNDLE_STARPU=ON, is
# installed beside starcarp (its headers, its
# libraries, its pkg-config files made relocatable), so that nothing installed points into the
# clone; a StarPU of the user's own stays where it is and is named by its path.
set(SC_BUNDLE_STARPU ${STARCARP_BUNDLE_STARPU}) # (the top CMakeLists.txt: on for .deps/starpu)
# the prefix as a real path (pkg-config may give ".../lib/pkgconfig/../..", find_library a real one)
file(REAL_PATH "${STARPU_PREFIX}" SC_STARPU_REAL)
if(SC_BUNDLE_STARPU)
  install(DIRECTORY ${SC_STARPU_REAL}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}) # starpu/ (and carried hwloc)
  file(GLOB _sc_sp_libs ${SC_STARPU_REAL}/lib/libstarpu*.so*)
  install(FILES ${_sc_sp_libs} DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # a library that names its build folder in its runpath (libtool's: StarPU-MPI's names StarPU's
  # lib/) names the installed folder instead ($ORIGIN)
  set(_sc_sp_files)
  foreach(f IN LISTS _sc_sp_libs)
    if(NOT IS_SYMLINK ${f})
      get_filename_component(_n ${f} NAME)
      list(APPEND _sc_sp_files ${_n})
    endif()
  endforeach()
  install(CODE "
    foreach(n ${_sc_sp_files})
      set(f \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/\${n}\")
      file(READ_ELF \"\${f}\" RUNPATH _rp RPATH _rp2)
      if(_rp OR _rp2)
        file(RPATH_SET FILE \"\${f}\" NEW_RPATH \"\$ORIGIN\")
      endif()
    endforeach()")
  file(GLOB _sc_sp_pcs ${SC_STARPU_REAL}/lib/pkgconfig/*.pc)
  foreach(pc IN LISTS _sc_sp_pcs)
    file(READ ${pc} _t)
    string(REGEX REPLACE "\nprefix=[^\n]*" "\nprefix=\${pcfiledir}/../.." _t "${_t}")
    get_filename_component(_n ${pc} NAME)
    file(WRITE ${CMAKE_BINARY_DIR}/starpu-pc/${_n} "${_t}")
    install(FILES ${CMAKE_BINARY_DIR}/starpu-pc/${_n} DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  endforeach()
endif()
get_target_property(_sc_sp_inc PkgConfig::STARPU INTERFACE_INCLUDE_DIRECTORIES)
if(STARCARP_USE_CUDA AND NOT PKG_CONFIG_FOUND) # the prefix route: StarPU's headers include CUDA's
  list(APPEND _sc_sp_inc ${CUDAToolkit_INCLUDE_DIRS})
endif()
if(STARPU_LINK_LIBRARIES)
  set(_sc_sp_link "${STARPU_LINK_LIBRARIES}")
  set(_sc_sp_ldflags "${STARPU_LDFLAGS}")
else()
  set(_sc_sp_link "${_starpu_lib};pthread")
  set(_sc_sp_ldflags "-L${STARPU_DIR}/lib;-lstarpu-1.4;-lpthread")
endif()
# sc_bundled(PATH PC CM): PATH inside the bundled StarPU prefix as the .pc file's (PC) and the
# CMake package's (CM) relocatable paths; else PATH itself in both
function(sc_bundled path pc cm)
  set(_real "${path}")
  if(IS_ABSOLUTE "${path}" AND EXISTS "${path}") # the folder made real, the name kept (a library's link)
    get_filename_component(_dir "${path}" DIRECTORY)
    get_filename_component(_name "${path}" NAME)
    file(REAL_PATH "${_dir}" _dir)
    set(_real "${_dir}/${_name}")
  endif()
  string(FIND "${_real}" "${SC_STARPU_REAL}/" _i)
  if(SC_BUNDLE_STARPU AND _i EQUAL 0)
    string(LENGTH "${SC_STARPU_REAL}/" _l)
    string(SUBSTRING "${_real}" ${_l} -1 _rel)
    string(REGEX REPLACE "^include/" "${CMAKE_INSTALL_INCLUDEDIR}/" _rel "${_rel}")
    string(REGEX REPLACE "^lib/" "${CMAKE_INSTALL_LIBDIR}/" _rel "${_rel}")
    set(${pc} "\${prefix}/${_rel}" PARENT_SCOPE)
    set(${cm} "\${PACKAGE_PREFIX_DIR}/${_rel}" PARENT_SCOPE)
  else()
    set(${pc} "${path}" PARENT_SCOPE)
    set(${cm} "${path}" PARENT_SCOPE)
  endif()
endfunction()
set(SC_STARPU_INCLUDE_DIRS)
set(SC_PC_STARPU_CFLAGS)
foreach(d IN LISTS _sc_sp_inc)
  if(EXISTS "${d}" AND NOT d MATCHES "^/usr/include/?$") # a default folder as -isystem would reorder the search
    sc_bundled("${d}" _pc _cm)
    list(APPEND SC_STARPU_INCLUDE_DIRS "${_cm}")
    string(APPEND SC_PC_STARPU_CFLAGS " -isystem ${_pc}")
  endif()
endforeach()
set(SC_STARPU_LINK_LIBRARIES)
foreach(l IN LISTS _sc_sp_link)
  if(l MATCHES "/libpthread\\.a$") # pkg-config's -lpthread resolved to glibc's stub archive
    set(l pthread)
  endif()
  sc_bundled("${l}" _pc _cm)
  list(APPEND SC_STARPU_LINK_LIBRARIES "${_cm}")
endforeach()
set(SC_PC_STARPU_LIBS)
foreach(f IN LISTS _sc_sp_ldflags)
  if(f MATCHES "^-L(.+)$")
    set(_d ${CMAKE_MATCH_1})
    if(SC_BUNDLE_STARPU AND EXISTS "${_d}")
      file(REAL_PATH "${_d}" _d_real)
      if(_d_real STREQUAL "${SC_STARPU_REAL}/lib")
        continue() # installed beside starcarp: -L${libdir} and its rpath already name it
      endif()
    endif()
    string(APPEND SC_PC_STARPU_LIBS " ${f}")
    if(NOT _d MATCHES "^/(usr/)?lib") # the system's folders need no rpath
      string(APPEND SC_PC_STARPU_LIBS " -Wl,-rpath,${_d}")
    endif()
  else()
    string(APPEND SC_PC_STARPU_LIBS " ${f}")
  endif()
endforeach()

include(CMakePackageConfigHelpers)
configure_package_config_file(cmake/starcarpConfig.cmake.in
  ${CMAKE_BINARY_DIR}/starcarpConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/starcarp)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/starcarpConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/starcarpConfig.cmake ${CMAKE_BINARY_DIR}/starcarpConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/starcarp)
install(EXPORT starcarpTargets NAMESPACE starcarp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/starcarp)
# the .pc file is relocatable: its prefix is found from its own folder
file(RELATIVE_PATH SC_PC_TO_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(cmake/starcarp.pc.in ${CMAKE_BINARY_DIR}/starcarp.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/starcarp.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
