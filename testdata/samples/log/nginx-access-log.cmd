cat logs/access.log  # nginx 1.22 default combined format, first 600 lines of a load run against a location whose upstream is down (502) and missing images (404)
