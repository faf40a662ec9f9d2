cd /tmp/qa2/jl2 && /tmp/qa2/npm4/node_modules/.bin/jsonlint -q -V schema.json service.json 2>&1
# exit status: 1
# jsonlint 1.6.3 -V with a draft-03 schema: port above maximum, replicas below minimum, non-string env values and tag,
# duplicate tags, an extra property -> seven Validation Errors (uri/schemaUri are random urn:uuid per run)
