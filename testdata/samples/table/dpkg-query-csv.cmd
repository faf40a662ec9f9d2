dpkg-query -W -f='${Package},${Version},${Architecture},${Installed-Size},${Maintainer},${Status}\n' | head -300
# exit status: 0
