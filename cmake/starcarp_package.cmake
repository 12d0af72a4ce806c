# starcarp_package.cmake: the installed package (included by the top CMakeLists.txt): the public
# headers, the CMake package (starcarpConfig.cmake, the exported target) and the pkg-config file.
#
# Both carry StarPU with them, so that a user needs only starcarp's own prefix (PKG_CONFIG_PATH or
# CMAKE_PREFIX_PATH), not StarPU's: its include folders as system headers (-isystem: the CUDA
# headers StarPU includes warn about deprecations in user code otherwise), its libraries with an
# rpath (a program runs with no LD_LIBRARY_PATH), and _XOPEN_SOURCE=700, without which StarPU's
# headers do not compile under -std=c11 (they use pthread barriers and rwlocks and strerror_r,
# which glibc declares only for POSIX/XSI programs).

# The headers (include/: starcarp.h, starcarp_model.h, the tissue API sc_tissue.h...) are the library's
# PUBLIC_HEADER: SC_PUBLIC_HEADERS of codelets/CMakeLists.txt, which also decides its exports.
target_compile_definitions(starcarp INTERFACE $<INSTALL_INTERFACE:_XOPEN_SOURCE=700>)

# StarPU as found (pkg-config, or the STARPU_DIR prefix without pkg-config)
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
set(SC_STARPU_INCLUDE_DIRS)
set(SC_PC_STARPU_CFLAGS)
foreach(d IN LISTS _sc_sp_inc)
  if(EXISTS "${d}" AND NOT d MATCHES "^/usr/include/?$") # a default folder as -isystem would reorder the search
    list(APPEND SC_STARPU_INCLUDE_DIRS ${d})
    string(APPEND SC_PC_STARPU_CFLAGS " -isystem ${d}")
  endif()
endforeach()
set(SC_STARPU_LINK_LIBRARIES)
foreach(l IN LISTS _sc_sp_link)
  if(l MATCHES "/libpthread\\.a$") # pkg-config's -lpthread resolved to glibc's stub archive
    set(l pthread)
  endif()
  list(APPEND SC_STARPU_LINK_LIBRARIES ${l})
endforeach()
set(SC_PC_STARPU_LIBS)
foreach(f IN LISTS _sc_sp_ldflags)
  string(APPEND SC_PC_STARPU_LIBS " ${f}")
  if(f MATCHES "^-L(.+)$")
    set(_d ${CMAKE_MATCH_1})
    if(NOT _d MATCHES "^/(usr/)?lib") # the system's folders need no rpath
      string(APPEND SC_PC_STARPU_LIBS " -Wl,-rpath,${_d}")
    endif()
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
