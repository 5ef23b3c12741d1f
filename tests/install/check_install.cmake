# The installed tree works on its own: `cmake --install` into a fresh prefix, then the installed
# CLI is run from another directory and must find its profiles, model presets and examples in
# the prefix (not in the build tree). Run by ctest as Install.TheInstalledTreeWorks.
#   cmake -DBUILD_DIR=<build> -DPREFIX=<empty dir> -P check_install.cmake
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${err}")
endif()

set(share "${PREFIX}/share")
foreach(f bin/roofline bin/roofline-studio
    share/roofline-studio/hardware_profiles/h100-sxm5.yaml
    share/roofline-studio/models/llama-3-70b.yaml
    share/roofline-studio/examples/lesson-h100.roofline.yaml
    share/applications/roofline-studio.desktop
    share/icons/hicolor/scalable/apps/roofline-studio.svg
    share/mime/packages/roofline-studio.xml)
  if(NOT EXISTS "${PREFIX}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(READ "${share}/mime/packages/roofline-studio.xml" mime)
if(NOT mime MATCHES "\\*\\.roofline\\.yaml")
  message(FATAL_ERROR "the MIME type does not claim *.roofline.yaml")
endif()
file(READ "${share}/applications/roofline-studio.desktop" desktop)
if(NOT desktop MATCHES "MimeType=application/x-roofline-session" OR NOT desktop MATCHES "Exec=roofline-studio")
  message(FATAL_ERROR "the desktop entry does not open sessions with roofline-studio")
endif()

# From an unrelated directory, with the build tree out of reach of the lookup.
set(elsewhere "${PREFIX}/elsewhere")
file(MAKE_DIRECTORY "${elsewhere}")
function(run out)
  execute_process(COMMAND "${PREFIX}/bin/roofline" ${ARGN} WORKING_DIRECTORY "${elsewhere}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "roofline ${ARGN} failed (${rc}): ${e}")
  endif()
  set(${out} "${o}" PARENT_SCOPE)
endfunction()

run(list hw list)
if(NOT list MATCHES "h100-sxm5" OR NOT list MATCHES "b200")
  message(FATAL_ERROR "roofline hw list from the prefix lists no profiles:\n${list}")
endif()
run(show hw show h100 --format json)
if(NOT show MATCHES "\"file\": \"${share}/roofline-studio/hardware_profiles/h100-sxm5.yaml\"")
  message(FATAL_ERROR "the installed CLI did not read its profile from the prefix:\n${show}")
endif()
run(llm llm --hw h100 --precision fp8 --model llama-3-70b --batch 1)
if(NOT llm MATCHES "memory-bound")
  message(FATAL_ERROR "roofline llm with a preset model failed:\n${llm}")
endif()
run(exported export "${share}/roofline-studio/examples/lesson-h100.roofline.yaml" -o "${elsewhere}/lesson.svg")
if(NOT EXISTS "${elsewhere}/lesson.svg")
  message(FATAL_ERROR "the installed CLI did not export the example")
endif()
message(STATUS "installed tree in ${PREFIX} works")
