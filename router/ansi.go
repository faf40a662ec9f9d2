package router

import "bytes"

const esc = 0x1b

// StripANSI returns b without ANSI escape sequences: CSI sequences such as
// colours ("\x1b[1;31m") and cursor movement, OSC sequences such as terminal
// titles and hyperlinks (ended by BEL or ESC \), and two-byte escapes. When b
// holds no ESC byte it is returned as is, without copying; otherwise the result
// is a new slice. An unterminated sequence at the end of b is dropped.
func StripANSI(b []byte) []byte {
	i := bytes.IndexByte(b, esc)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i >= 0 {
		out = append(out, b[:i]...)
		b = b[i+ansiLen(b[i:]):]
		i = bytes.IndexByte(b, esc)
	}
	return append(out, b...)
}

// ansiLen returns the length of the escape sequence at the start of b, which
// begins with ESC.
func ansiLen(b []byte) int {
	if len(b) < 2 {
		return len(b)
	}
	switch b[1] {
	case '[': // CSI: parameter and intermediate bytes, then one final byte.
		for j := 2; j < len(b); j++ {
			c := b[j]
			if c >= 0x40 && c <= 0x7e {
				return j + 1
			}
			if c < 0x20 || c > 0x7e {
				// Not a CSI byte: the sequence is broken; drop only ESC [.
				return 2
			}
		}
		return len(b)
	case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ESC \.
		for j := 2; j < len(b); j++ {
			if b[j] == 0x07 {
				return j + 1
			}
			if b[j] == esc && j+1 < len(b) && b[j+1] == '\\' {
				return j + 2
			}
		}
		return len(b)
	default:
		// Two-byte escapes, with any intermediates between: "ESC ( B" (the
		// reset tput sgr0 emits, with ESC [ m), "ESC =", "ESC 7".
		j := 1
		for j < len(b) && b[j] >= 0x20 && b[j] <= 0x2f {
			j++
		}
		if j < len(b) && b[j] >= 0x30 && b[j] <= 0x7e {
			return j + 1
		}
		return min(j, len(b))
	}
}
