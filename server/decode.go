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
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/jsonstr"
)

// readBody reads the whole request body, at most limit bytes. The buffer
// grows as bytes arrive, never from the declared Content-Length, so a
// client declaring 32 MiB costs nothing until it sends it. A body over the
// limit (declared or sent) is read to its end and dropped before the 413,
// within bounds (see discardBody): a client that writes its whole body
// before reading, as Python's requests does, would otherwise see the
// connection reset instead of the answer. The body is read into buf, whose
// bytes the caller must not keep past buf's reuse.
func readBody(r *http.Request, w http.ResponseWriter, buf *bytes.Buffer, limit int64) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if ct != "application/json" && !jsonMediaType(ct) {
			discardBody(r, w, 2*limit)
			return nil, errorf(http.StatusUnsupportedMediaType, codeUnsupportedMedia,
				"Content-Type %q: want application/json", ct)
		}
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "" && !strings.EqualFold(strings.TrimSpace(ce), "identity") {
		// Encoded bodies are not decoded (no decompression-bomb surface);
		// say so instead of failing on the encoded bytes as JSON.
		discardBody(r, w, 2*limit)
		return nil, errorf(http.StatusUnsupportedMediaType, codeUnsupportedMedia,
			"Content-Encoding %q is not supported: send the body uncompressed", ce)
	}
	if r.ContentLength > limit {
		discardBody(r, w, 2*limit)
		return nil, &http.MaxBytesError{Limit: limit}
	}
	n, err := buf.ReadFrom(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, errorf(http.StatusBadRequest, codeBadRequest, "reading request body: %v", err)
	}
	if n > limit {
		buf.Reset()
		discardBody(r, w, limit)
		return nil, &http.MaxBytesError{Limit: limit}
	}
	return buf.Bytes(), nil
}

// jsonMediaType reports whether the Content-Type ct is application/json
// with any parameters (the plain value, the common case, is checked
// first without parsing).
func jsonMediaType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
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

// decodeStrict decodes one JSON object into v, a pointer to a struct.
// Unknown fields, wrong types, trailing data and text that is not valid
// UTF-8 (raw bytes or lone surrogate escapes, which encoding/json would
// silently turn into U+FFFD and so break byte-for-byte retrieval) are
// errors.
//
// A request is mostly one large string (the content), so the object is
// read in one pass here: string members are decoded straight from the
// body, other members go to encoding/json one by one. A body this pass
// cannot read is handed to decodeSlow, whose error message is the one
// sent.
func decodeStrict(body []byte, v any) error {
	if err := checkBody(body); err != nil {
		return err
	}
	fields := fieldsOf(reflect.TypeOf(v).Elem())
	members, end, ok := scanObject(body, skipSpace(body, 0))
	if !ok || fields == nil {
		return decodeSlow(body, v)
	}
	if len(bytes.TrimLeft(body[end:], " \t\r\n")) > 0 {
		return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: unexpected data after the object at offset %d", end)
	}
	for i, m := range members {
		if _, ok := fields.byName[m.key]; !ok {
			return errorf(http.StatusBadRequest, codeBadRequest, "unknown field %q (field names are case-sensitive)", m.key)
		}
		for _, prev := range members[:i] {
			if prev.key == m.key {
				return errorf(http.StatusBadRequest, codeBadRequest, "duplicate field %q", m.key)
			}
		}
	}
	rv := reflect.ValueOf(v).Elem()
	for _, m := range members {
		f := fields.byName[m.key]
		dst := rv.FieldByIndex(f.index)
		val := body[m.start:m.end]
		if f.str && val[0] == '"' {
			text, _, ok := jsonstr.Append(make([]byte, 0, len(val)-2), val, 1)
			if !ok {
				return decodeSlow(body, v)
			}
			str := unsafe.String(unsafe.SliceData(text), len(text)) // text is not used again
			if dst.Kind() == reflect.Pointer {
				dst.Set(reflect.ValueOf(&str))
			} else {
				dst.SetString(str)
			}
			continue
		}
		if err := json.Unmarshal(val, dst.Addr().Interface()); err != nil {
			if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
				return errorf(http.StatusBadRequest, codeBadRequest, "malformed JSON: field %q must be %s, not a JSON %s", m.key, jsonKind(te.Type.Kind().String()), te.Value)
			}
			return decodeSlow(body, v)
		}
	}
	return nil
}

// checkBody rejects what is no JSON object before any of it is read, and
// text that is not valid UTF-8.
func checkBody(body []byte) error {
	i := skipSpace(body, 0)
	if i == len(body) {
		return errorf(http.StatusBadRequest, codeBadRequest, "empty request body: want a JSON object")
	}
	if body[i] != '{' {
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
	return nil
}

// member is one name-value pair of a JSON object: the decoded name and
// where the value's text is.
type member struct {
	key        string
	start, end int
}

// scanObject finds the members of the object at body[i] ('{'), and the
// index after its closing brace. It checks the object's own structure and
// its string values; other values are checked by whoever decodes them. ok
// is false for anything it does not read.
func scanObject(body []byte, i int) (members []member, end int, ok bool) {
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		return nil, i + 1, true
	}
	for i < len(body) && body[i] == '"' {
		key, j, ok := jsonstr.Append(nil, body, i+1)
		if !ok {
			return nil, 0, false
		}
		if j = skipSpace(body, j); j >= len(body) || body[j] != ':' {
			return nil, 0, false
		}
		start := skipSpace(body, j+1)
		end, ok := skipValue(body, start)
		if !ok {
			return nil, 0, false
		}
		members = append(members, member{key: string(key), start: start, end: end})
		i = skipSpace(body, end)
		if i >= len(body) {
			return nil, 0, false
		}
		switch body[i] {
		case '}':
			return members, i + 1, true
		case ',':
			i = skipSpace(body, i+1)
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// skipValue returns the index after the JSON value at body[i]. Objects and
// arrays are checked by jsonscan; strings, numbers and literals only as far
// as finding their end takes, for their decoder to check (every member is
// decoded).
func skipValue(body []byte, i int) (int, bool) {
	if i >= len(body) {
		return 0, false
	}
	switch body[i] {
	case '"':
		// The end is the first quote after an even run of backslashes;
		// the text between is checked by its decoder.
		for j := i + 1; ; {
			k := bytes.IndexByte(body[j:], '"')
			if k < 0 {
				return 0, false
			}
			j += k
			n := 0
			for n < j-i-1 && body[j-1-n] == '\\' {
				n++
			}
			if n%2 == 0 {
				return j + 1, true
			}
			j++
		}
	case '{', '[':
		end, st := jsonscan.Scan(body, i)
		return end, st == jsonscan.OK
	}
	j := i
	for j < len(body) && !jsonscan.IsSpace(body[j]) && body[j] != ',' && body[j] != '}' && body[j] != ']' {
		j++
	}
	return j, j > i
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && jsonscan.IsSpace(b[i]) {
		i++
	}
	return i
}

// structFields is how decodeStrict fills one struct type.
type structFields struct {
	byName map[string]structField
}

type structField struct {
	index []int
	str   bool // a string or *string: decoded by decodeStrict itself
}

var fieldCache sync.Map // reflect.Type → *structFields

// fieldsOf maps the JSON names of t's fields to the fields encoding/json
// would fill: a field of t itself hides a field of the same name in an
// embedded struct. It is nil for a type with a tag option other than
// omitempty, which only decodeSlow reads.
func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	fs := &structFields{byName: map[string]structField{}}
	if !addFields(fs, t, nil) {
		fs = nil
	}
	fieldCache.Store(t, fs)
	return fs
}

func addFields(fs *structFields, t reflect.Type, index []int) bool {
	var embedded []int
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			embedded = append(embedded, i)
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" || !f.IsExported() {
			continue
		}
		if opts != "" && opts != "omitempty" {
			return false
		}
		if name == "" {
			name = f.Name
		}
		str := f.Type.Kind() == reflect.String ||
			f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.String
		fs.byName[name] = structField{index: append(slices.Clone(index), i), str: str}
	}
	for _, i := range embedded {
		sub := &structFields{byName: map[string]structField{}}
		if !addFields(sub, t.Field(i).Type, append(slices.Clone(index), i)) {
			return false
		}
		for name, f := range sub.byName {
			if _, ok := fs.byName[name]; !ok {
				fs.byName[name] = f
			}
		}
	}
	return true
}

// decodeSlow is decodeStrict with encoding/json reading the whole body:
// the reference the one-pass reader is tested against, and where bodies
// it does not read get their error message.
func decodeSlow(body []byte, v any) error {
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
		k := bytes.IndexByte(b[i:], '\\')
		if k < 0 {
			return 0, false
		}
		i += k
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
