package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/jsonstr"
)

// readBody reads the whole request body, at most limit bytes. The buffer
// grows as bytes arrive, never from the declared Content-Length, so a
// client declaring 32 MiB costs nothing until it sends it. A body over the
// limit (declared or sent) is read to its end and dropped before the 413,
// within bounds (see discardBody): a client that writes its whole body
// before reading, as Python's requests does, would otherwise see the
// connection reset instead of the answer.
func readBody(r *http.Request, w http.ResponseWriter, limit int64) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			discardBody(r, w, 2*limit)
			return nil, errorf(http.StatusUnsupportedMediaType, codeUnsupportedMedia,
				"Content-Type %q: want application/json", ct)
		}
	}
	if r.ContentLength > limit {
		discardBody(r, w, 2*limit)
		return nil, &http.MaxBytesError{Limit: limit}
	}
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, errorf(http.StatusBadRequest, codeBadRequest, "reading request body: %v", err)
	}
	if n > limit {
		buf = bytes.Buffer{}
		discardBody(r, w, limit)
		return nil, &http.MaxBytesError{Limit: limit}
	}
	return buf.Bytes(), nil
}

// discardTime bounds how long discardBody reads.
const discardTime = 10 * time.Second

// discardBody reads and drops what is left of the request body, at most
// max bytes and discardTime, so the client has sent everything before it
// reads our answer. A body past either bound is left, and the connection
// closed after the answer.
func discardBody(r *http.Request, w http.ResponseWriter, max int64) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	if r.ContentLength > max {
		w.Header().Set("Connection", "close")
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(discardTime))
	n, err := io.Copy(io.Discard, io.LimitReader(r.Body, max+1))
	if err != nil || n > max {
		w.Header().Set("Connection", "close")
	}
}

// decodeStrict decodes one JSON object into v. Unknown fields, wrong types,
// trailing data and text that is not valid UTF-8 (raw bytes or lone
// surrogate escapes, which encoding/json would silently turn into U+FFFD
// and so break byte-for-byte retrieval) are errors.
func decodeStrict(body []byte, v any) error {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) == 0 {
		return errorf(http.StatusBadRequest, codeBadRequest, "empty request body: want a JSON object")
	}
	if trimmed[0] != '{' {
		return errorf(http.StatusBadRequest, codeBadRequest, "request body must be a JSON object")
	}
	if !utf8.Valid(body) {
		off := invalidUTF8Offset(body)
		return errorf(http.StatusBadRequest, codeInvalidUTF8,
			"request body is not valid UTF-8 (first bad byte at offset %d); send text as UTF-8", off)
	}
	if off, ok := loneSurrogate(body); ok {
		return errorf(http.StatusBadRequest, codeInvalidUTF8,
			"request body has an unpaired UTF-16 surrogate escape at offset %d; it cannot be kept byte for byte", off)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: %s", jsonErrText(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: unexpected data after the object at offset %d", dec.InputOffset())
	}
	// Valid JSON by now: the names are checked on a second pass.
	return exactKeys(body, v)
}

// exactKeys checks the object's member names against v's JSON fields
// exactly: encoding/json would take "CONTENT" for "content" and let a
// second "content" silently replace the first, so two readers of one body
// could disagree on what it says.
func exactKeys(body []byte, v any) error {
	fields := jsonFields(reflect.TypeOf(v).Elem())
	dec := json.NewDecoder(bytes.NewReader(body))
	if _, err := dec.Token(); err != nil { // the '{', checked by the caller
		return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: %s", jsonErrText(err))
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: %s", jsonErrText(err))
		}
		key, _ := t.(string)
		switch {
		case seen[key]:
			return errorf(http.StatusBadRequest, codeBadRequest, "duplicate field %q", key)
		case !fields[key]:
			return errorf(http.StatusBadRequest, codeBadRequest, "unknown field %q (field names are case-sensitive)", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: %s", jsonErrText(err))
		}
	}
	return nil
}

// jsonFields lists the JSON names of a struct's fields, embedded ones
// included.
func jsonFields(t reflect.Type) map[string]bool {
	m := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			for k := range jsonFields(f.Type) {
				m[k] = true
			}
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = true
	}
	return m
}

// jsonErrText makes encoding/json errors readable without Go type names.
func jsonErrText(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field != "" {
			// Drop the embedded wire type the body structs add to the path.
			field := strings.TrimPrefix(strings.TrimPrefix(te.Field, "CompressRequest."), "ExpandRequest.")
			return fmt.Sprintf("field %q must be %s, not a JSON %s", field, jsonKind(te.Type.Kind().String()), te.Value)
		}
		return fmt.Sprintf("want a JSON object, not %s", te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("%v (offset %d)", se, se.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "unexpected end of input"
	}
	return err.Error()
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "float64", "float32", "int", "int64", "ptr":
		return "a number"
	}
	return "of another type"
}

func invalidUTF8Offset(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// loneSurrogate finds a \uD800-\uDFFF escape that is not part of a
// high-low pair. Backslashes occur only inside JSON strings, so a plain scan
// over escapes is exact for valid JSON; invalid JSON fails decoding anyway.
func loneSurrogate(b []byte) (int, bool) {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+1 >= len(b) {
			return 0, false
		}
		if b[i+1] != 'u' {
			i++ // skip the escaped character, which may be a backslash
			continue
		}
		r, ok := jsonstr.Hex4(b[i+2:])
		if !ok {
			return 0, false // the decoder reports the syntax error
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return i, true
		case r >= 0xD800 && r <= 0xDBFF:
			if i+8 > len(b) || b[i+6] != '\\' || b[i+7] != 'u' {
				return i, true
			}
			lo, ok := jsonstr.Hex4(b[i+8:])
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return i, true
			}
			i += 11
		default:
			i += 5
		}
	}
	return 0, false
}
