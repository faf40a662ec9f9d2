cd /tmp/qa2/d1 && gdc -Wall -o app app.d geometry.d 2>&1
# exit status: 1
# GDC 12.2 (D 2.100 front end) on two D modules: 7 semantic errors (implicit ulong->int/string conversions, assigning to
# immutable, missing property on a base class, undefined identifier, .length on a pointer, double returned as int)
