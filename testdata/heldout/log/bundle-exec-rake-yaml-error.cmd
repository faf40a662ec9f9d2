cd /tmp/qa2/rake1 && bundle exec rake --trace 2>&1
# exit status: 1
# Rakefile whose config:load task reads config/app.yml with an unterminated quoted scalar; --trace shows the whole backtrace
