cd /tmp/qa2/lin2 && lintian --no-cfg -i python3-fastjson_2.3-1_all.deb 2>&1
# exit status: 2
# lintian 2.116 -i (tag explanations) on a hand-made arch:all python3 .deb that ships a copy of libz.so, a __pycache__ dir, a
# setuid script with #!/usr/bin/python and a 0666 file: 9 E: and 5 W: tags, each followed by its N: explanation paragraph; exit 2
