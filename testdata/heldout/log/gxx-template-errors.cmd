cd /tmp/qaloss/hunt/cpp && g++ -std=c++17 -c tmpl.cpp -o /dev/null 2>&1
# exit status: 1
