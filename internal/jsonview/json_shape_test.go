package jsonview

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/lossy"
)

// Linter findings print as rows of their shared keys, errors included,
// without the members that say where a range ends, the AST node or the
// fix; a schema note still names those.
func TestJSONFindingColumns(t *testing.T) {
	var msgs []string
	for i := range 6 {
		sev, extra := "1", `, "fix": {"range": [1, 2], "text": "x"}`
		if i%2 == 1 {
			sev, extra = "2", ""
		}
		msgs = append(msgs, `{"ruleId": "semi", "severity": `+sev+`, "message": "Missing semicolon.", "line": `+strconv.Itoa(i+1)+
			`, "column": 20, "nodeType": "ExpressionStatement", "messageId": "missingSemi", "endLine": `+strconv.Itoa(i+1)+`, "endColumn": 21`+extra+`}`)
	}
	in := []byte("[\n  {\n    \"filePath\": \"/src/a.js\",\n    \"messages\": [\n      " + strings.Join(msgs, ",\n      ") +
		"\n    ],\n    \"errorCount\": 3,\n    \"source\": \"" + strings.Repeat(`let x = 1\n`, 500) + "\"\n  }\n]\n") // eslint adds the source: the record is too big to copy whole
	out, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"$columns": ["ruleId", "severity", "message", "line", "column"]`,
		`["semi", 1, "Missing semicolon.", 1, 20]`,
		`["semi", 2, "Missing semicolon.", 2, 20]`,
		`[schema of 6 rows: ruleId str, severity num, message str, line num, column num, nodeType str, messageId str, endLine num, endColumn num, fix obj ×3,`,
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if bytes.Contains(out, []byte(`"endColumn": 21`)) {
		t.Errorf("detail members printed:\n%s", out)
	}
}
