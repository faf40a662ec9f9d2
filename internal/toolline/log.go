package toolline

import "bytes"

// levelWords are log levels that open a line, maybe after a timestamp.
var levelWords = []string{"INFO", "WARN", "WARNING", "ERROR", "DEBUG", "TRACE", "FATAL", "CRITICAL", "NOTICE", "PANIC",
	"info", "warn", "error", "debug", "trace", "I", "W", "E", "D"}

// levelByFirst indexes levelWords by first byte, so a line is checked only
// against the words that can match it.
var levelByFirst = func() (t [256][]string) {
	for _, w := range levelWords {
		t[w[0]] = append(t[w[0]], w)
	}
	return t
}()

// SkipTimestamp reports a timestamp opening a line: "2024-05-01 12:00:00",
// "2024-05-01T12:00:00Z", "2024/05/01", "[2024-05-01 ...]", "12:00:00.123",
// and syslog "May  1 12:00:00".
func SkipTimestamp(t []byte) bool {
	if len(t) > 0 && t[0] == '[' {
		t = t[1:]
	}
	if len(t) >= 10 && digits(t[:4]) && (t[4] == '-' || t[4] == '/') && digits(t[5:7]) && t[7] == t[4] && digits(t[8:10]) {
		if len(t) == 10 || t[10] == ' ' || t[10] == 'T' || t[10] == ']' || t[10] == '_' {
			return true
		}
	}
	if len(t) >= 8 && digits(t[:2]) && t[2] == ':' && digits(t[3:5]) && t[5] == ':' && digits(t[6:8]) {
		return true
	}
	if len(t) >= 15 && isUpper(t[0]) && isLower(t[1]) && isLower(t[2]) && t[3] == ' ' &&
		(t[4] == ' ' || t[4] >= '0' && t[4] <= '9') && t[5] >= '0' && t[5] <= '9' && t[6] == ' ' &&
		digits(t[7:9]) && t[9] == ':' {
		return true
	}
	return false
}

// KernelStamp reports a kernel log timestamp opening t: dmesg's uptime
// "[    1.234567] " (also journalctl -o short-monotonic) and dmesg -T's
// "[Sun Nov 29 13:27:57 2026] ". Without them dmesg reads as prose, and
// word dropping mangles the messages. At least three decimals keep a
// reference like "[1.2] See" out.
func KernelStamp(t []byte) bool {
	i := 1
	for i < len(t) && t[i] == ' ' {
		i++
	}
	d := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > d && i < len(t) && t[i] == '.' {
		f := i + 1
		for i = f; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
		}
		return i-f >= 3 && stampEnd(t, i)
	}
	// "[Sun Nov 29 13:27:57 2026]", the day maybe padded: "[Mon Nov  9 ...".
	if len(t) < 26 || !isUpper(t[1]) || !isLower(t[2]) || !isLower(t[3]) || t[4] != ' ' {
		return false
	}
	return isUpper(t[5]) && SkipTimestamp(t[5:20]) && t[17] == ':' && t[20] == ' ' && digits(t[21:25]) && stampEnd(t, 25)
}

// KernelLevel parses the facility and level dmesg -x prints before each
// message, "kern  :warn  : [    1.234567] msg", and returns the level
// ("emerg", "alert", "crit", "err", "warn", "notice", "info", "debug") and
// where the rest of the line begins.
func KernelLevel(t []byte) (level []byte, end int, ok bool) {
	i := 0
	for i < len(t) && (isLower(t[i]) || isDigit(t[i])) {
		i++
	}
	if i < 3 || i > 8 || i >= len(t) || t[i] != ' ' && t[i] != ':' {
		return nil, 0, false
	}
	for i < len(t) && t[i] == ' ' {
		i++
	}
	if i >= len(t) || t[i] != ':' {
		return nil, 0, false
	}
	i++
	l := i
	for i < len(t) && isLower(t[i]) {
		i++
	}
	level = t[l:i]
	for i < len(t) && t[i] == ' ' {
		i++
	}
	if i+1 >= len(t) || t[i] != ':' || t[i+1] != ' ' {
		return nil, 0, false
	}
	switch string(level) {
	case "emerg", "alert", "crit", "err", "warn", "notice", "info", "debug":
		return level, i + 2, true
	}
	return nil, 0, false
}

// stampEnd reports whether t[i] closes a bracketed timestamp: "]" then a
// space or the end of the line.
func stampEnd(t []byte, i int) bool {
	return i < len(t) && t[i] == ']' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\r')
}

func LevelPrefix(t []byte) bool {
	if len(t) > 0 && t[0] == '[' {
		t = t[1:]
	}
	if len(t) < 2 || !(isUpper(t[0]) || t[0] == 'i' || t[0] == 'w' || t[0] == 'e' || t[0] == 'd' || t[0] == 't') {
		return false
	}
	for _, w := range levelByFirst[t[0]] {
		if hasPrefix(t, w) && len(t) > len(w) {
			c := t[len(w)]
			if len(w) == 1 {
				// glog/klog "I0501 12:00:00.000000": one letter and 4 digits.
				if len(t) >= 5 && digits(t[1:5]) {
					return true
				}
				continue
			}
			if c == ' ' || c == ':' || c == ']' || c == '|' {
				if w[0] >= 'a' && c == ' ' {
					continue // "error handling is..." is prose
				}
				return true
			}
		}
	}
	return false
}

// Banner parses a section banner, a title between rules of one character:
// "==== FAILURES ====", "____ test_name ____", "---- Captured stdout call ----",
// "!!!! Interrupted: 1 error !!!!". It returns the rule character and title.
func Banner(t []byte) (rule byte, title []byte, ok bool) {
	if len(t) < 9 || t[0] != '=' && t[0] != '_' && t[0] != '-' && t[0] != '!' {
		return 0, nil, false
	}
	rule = t[0]
	i, j := 0, len(t)
	for j > 0 && (t[j-1] == ' ' || t[j-1] == '\r') {
		j--
	}
	for i < j && t[i] == rule {
		i++
	}
	end := j
	for j > i && t[j-1] == rule {
		j--
	}
	if i < 3 || end-j < 3 || j-i < 3 || t[i] != ' ' || t[j-1] != ' ' {
		return 0, nil, false
	}
	title = bytes.TrimSpace(t[i:j])
	return rule, title, len(title) > 0
}

// TestCounts matches a test run's closing counts, "5 failed, 62 passed,
// 1 skipped in 0.09s" (pytest, with or without banner rules).
func TestCounts(t []byte) bool {
	_, e := Number(t)
	if e == 0 || e >= len(t) || t[e] != ' ' {
		return false
	}
	r := t[e+1:]
	word := false
	for _, w := range [...]string{"passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected", "warning"} {
		if hasPrefix(r, w) {
			word = true
			break
		}
	}
	if !word || !bytes.Contains(r, []byte(" in ")) {
		return false
	}
	last := r[len(r)-1]
	return last == 's' || last == ')'
}

// ProgressEnd matches a line ending in pytest's progress "[ 86%]".
func ProgressEnd(t []byte) bool {
	j := len(t)
	for j > 0 && (t[j-1] == ' ' || t[j-1] == '\r') {
		j--
	}
	t = t[:j]
	if len(t) < 6 || t[len(t)-1] != ']' || t[len(t)-2] != '%' {
		return false
	}
	i := bytes.LastIndexByte(t, '[')
	if i < 1 || t[i-1] != ' ' {
		return false
	}
	d := trimBlank(t[i+1 : len(t)-2])
	return len(d) <= 3 && digits(d)
}

// NodeResult matches a result line naming a pytest node id:
// "tests/test_x.py::test_y[1] PASSED [ 10%]" (-v) and
// "[gw0] [ 10%] FAILED tests/test_x.py::test_y" (xdist).
func NodeResult(t []byte) bool {
	node, status := false, false
	for len(t) > 0 {
		t = trimBlank(t)
		e := bytes.IndexByte(t, ' ')
		if e < 0 {
			e = len(t)
		}
		tok := t[:e]
		t = t[e:]
		switch string(tok) {
		case "PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL", "XPASS":
			status = true
		default:
			// A node id starts with the test file: "tests/test_x.py::".
			if i := bytes.Index(tok, []byte(".py::")); i > 0 && i+5 < len(tok) {
				node = true
			}
		}
	}
	return node && status
}
