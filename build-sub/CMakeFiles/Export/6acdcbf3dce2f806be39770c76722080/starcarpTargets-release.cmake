#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "starcarp::starcarp" for configuration "Release"
set_property(TARGET starcarp::starcarp APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(starcarp::starcarp PROPERTIES
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libstarcarp.so.0.1.0"
  IMPORTED_SONAME_RELEASE "libstarcarp.so.0"
  )

list(APPEND _cmake_import_check_targets starcarp::starcarp )
list(APPEND _cmake_import_check_files_for_starcarp::starcarp "${_IMPORT_PREFIX}/lib/libstarcarp.so.0.1.0" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
