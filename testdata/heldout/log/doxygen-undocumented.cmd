cd /tmp/qa/dox && doxygen Doxyfile 2>&1
# exit status: 0
# six generated headers with stray @param, undocumented members and \fn for missing functions; QUIET=YES, WARN_IF_UNDOCUMENTED=YES
