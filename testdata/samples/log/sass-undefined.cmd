# cwd: /tmp/t5 (Dart Sass 1.108.2 compiled with dart2js 3.13.7 from npm; styles/main.scss imports _vars.scss with @import, calls darken(), uses an undefined $gap; styles/theme.scss includes an undefined mixin)
sass --no-source-map styles:out 2>&1
# exit status: 65
