# embed_files(OUTPUT out.cpp NAMESPACE ns FILES a b ...)
# Writes a C++ source with one `std::string_view` per file and a lookup table,
# so built-in robots ship inside the binaries and need no install path.
function(embed_files)
  cmake_parse_arguments(EMB "" "OUTPUT;NAMESPACE" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT ${EMB_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${EMB_OUTPUT} -DNAMESPACE=${EMB_NAMESPACE}
            "-DFILES=${EMB_FILES}" -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    DEPENDS ${EMB_FILES} ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    COMMENT "Embedding ${EMB_NAMESPACE} files"
    VERBATIM)
endfunction()
