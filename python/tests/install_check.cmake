# `cmake --install --component python` into a scratch prefix, then the
# installed package imports (from there, not from the build tree) and answers.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --component python --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}\n${err}")
endif()
set(code "import menger, os; assert os.path.realpath(menger.__file__).startswith(os.path.realpath('${PREFIX}')), menger.__file__; r = menger.route_check('torus(3,3)', 'dor', k=0); assert r.verdict == 'HOLDS', r; print('installed', menger.__file__)")
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/${DIR} PYTHONDONTWRITEBYTECODE=1 ${PYTHON} -c "${code}"
                WORKING_DIRECTORY ${PREFIX} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed package does not work (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
