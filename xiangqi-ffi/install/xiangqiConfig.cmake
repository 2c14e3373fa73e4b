# The CMake package of the xiangqi C ABI: `find_package(xiangqi)` gives two imported targets,
#   xiangqi::xiangqi         the shared library (libxiangqi.so)
#   xiangqi::xiangqi_static  the static library (libxiangqi.a) with the system libraries it needs
# and both carry the include directory of xiangqi.h. The package is relocatable: paths are found
# from this file's place, <prefix>/lib/cmake/xiangqi/.

include(CMakeFindDependencyMacro)
find_dependency(Threads)

get_filename_component(_xiangqi_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET xiangqi::xiangqi)
  add_library(xiangqi::xiangqi SHARED IMPORTED)
  set_target_properties(xiangqi::xiangqi PROPERTIES
    IMPORTED_LOCATION "${_xiangqi_prefix}/lib/libxiangqi.so"
    IMPORTED_SONAME "libxiangqi.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_xiangqi_prefix}/include")
endif()

if(NOT TARGET xiangqi::xiangqi_static)
  add_library(xiangqi::xiangqi_static STATIC IMPORTED)
  set_target_properties(xiangqi::xiangqi_static PROPERTIES
    IMPORTED_LOCATION "${_xiangqi_prefix}/lib/libxiangqi.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_xiangqi_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()

unset(_xiangqi_prefix)
set(xiangqi_FOUND TRUE)
