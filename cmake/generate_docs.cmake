# Writes, under OUTPUT_DIR, what the build generates from the program for installing: the manual
# page (man/man1/plumb.1.gz, `plumb help --man`, compressed as Debian wants it: gzip -9n) and the
# completion scripts of bash, zsh and fish (`plumb completion SHELL`), each in the folder under
# share/ where its shell looks.
# Usage: cmake -DPLUMB=path/to/plumb -DOUTPUT_DIR=... -P generate_docs.cmake
function(run_to_file file)
  get_filename_component(folder ${OUTPUT_DIR}/${file} DIRECTORY)
  file(MAKE_DIRECTORY ${folder})
  execute_process(COMMAND ${PLUMB} ${ARGN} OUTPUT_FILE ${OUTPUT_DIR}/${file}
    RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "plumb ${ARGN} failed (${failed})")
  endif()
endfunction()

run_to_file(man/man1/plumb.1 help --man)
execute_process(COMMAND gzip -9nf ${OUTPUT_DIR}/man/man1/plumb.1 RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip failed on the manual page (${failed})")
endif()
run_to_file(bash-completion/completions/plumb completion bash)
run_to_file(zsh/vendor-completions/_plumb completion zsh)
run_to_file(fish/vendor_completions.d/plumb.fish completion fish)
