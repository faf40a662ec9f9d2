package queryterm

import (
	"fmt"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "[]"},
		{"Timeout", "[timeout]"},
		{`"connection refused", x; E404`, "[connection refused e404]"},
		{"load(41) api-64- net/http", "[load(41) api-64- net/http]"},
		{"ERROR error Error", "[error]"},
		{"café\t404", "[café 404]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprintf("%s", Split(tt.in)); got != tt.want {
			t.Errorf("Split(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
