package scorer

// failureLines marks the lines that report failures (DESIGN.md invariant
// 2). Compress keeps them verbatim so the boundary check after compression
// never has to fall back because prose compression cut one.
//
// A line reports a failure when a word in it starts with error, exception,
// traceback, fatal, fail, panic or assert (any case), when it holds ✗ ✘ ✖,
// or when it reports a non-zero exit status or code.
func failureLines(text string, lines []line) []bool {
	out := make([]bool, len(lines))
	for i, l := range lines {
		if l.w1 > l.w0 {
			out[i] = isFailureLine(text[l.start:l.end])
		}
	}
	return out
}

var failureStems = []string{"error", "exception", "traceback", "fatal", "fail", "panic", "assert"}

func isFailureLine(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] | 0x20 {
		case 'e', 'f', 't', 'p', 'a': // first letters of the stems and "exit"
		default:
			if s[i] == 0xE2 && i+2 < len(s) && s[i+1] == 0x9C && s[i+2] >= 0x96 && s[i+2] <= 0x98 {
				return true // ✗ U+2717, ✘ U+2718, ✖ U+2716
			}
			continue
		}
		if i == 0 || !isLetter(s[i-1]) {
			for _, stem := range failureStems {
				if hasPrefixFold(s[i:], stem) {
					return true
				}
			}
			if hasPrefixFold(s[i:], "exit ") && nonZeroExit(s[i+5:]) {
				return true
			}
		}
	}
	return false
}

// nonZeroExit reports "status N" or "code N" with N > 0 at the start of s.
func nonZeroExit(s string) bool {
	switch {
	case hasPrefixFold(s, "status "):
		s = s[7:]
	case hasPrefixFold(s, "code "):
		s = s[5:]
	default:
		return false
	}
	return len(s) > 0 && s[0] >= '1' && s[0] <= '9'
}

func isLetter(c byte) bool { c |= 0x20; return c >= 'a' && c <= 'z' }

func hasPrefixFold(s, lower string) bool {
	if len(s) < len(lower) {
		return false
	}
	for i := 0; i < len(lower); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
