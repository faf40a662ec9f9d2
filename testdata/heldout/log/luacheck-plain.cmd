# cwd: /tmp/qa4/fx/lua (luacheck 1.1 from Debian over 8 generated modules with unused, undefined and shadowed variables)
luacheck --formatter plain --codes .
# exit status 1
