cd /tmp/qa2/cob1 && cobc -x -Wall payroll.cob ledger.cob report.cob 2>&1
# exit status: 1
# GnuCOBOL 3.1.2: three programs with undefined data names/paragraphs, unknown device, out-of-bounds literal subscript,
# subscripted group item, a dangling GIVING (syntax error) and a PERFORM without END-PERFORM
