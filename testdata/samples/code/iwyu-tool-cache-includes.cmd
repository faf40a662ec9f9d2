cd /tmp/qa2/iwyu1 && iwyu_tool -p . -j 1 2>&1
# exit status: 0
# include-what-you-use 0.18 (clang 14) via iwyu_tool over a compile_commands.json with two C++17 files: unused <iostream>/<memory>
# in a header, main.cc relying on transitive includes (should add 6 headers); suggestions only, exit 0
# kept as code: its suggestions are #include lines, every one of them the answer, passed through byte for byte
