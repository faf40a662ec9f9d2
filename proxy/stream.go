package proxy

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/kompress/kompress/internal/tool"
)

// streamAnthropic passes an Anthropic event stream to the client as it
// arrives, holding back only the kompress_retrieve blocks and the message's
// end. When the model called only kompress_retrieve, the proxy answers,
// asks again with stream on, and goes on streaming the continuation into
// the same message, its blocks renumbered after the ones already sent; the
// client sees one message. When the model called the client's tools too,
// the client gets its blocks and the message's end, and the hidden call is
// remembered as resolve does. (streamChat does the same for Chat
// Completions; Responses streams are read whole, see intercept.)
func (p *Proxy) streamAnthropic(ctx context.Context, w http.ResponseWriter, up upstreamRequest, body []byte, prev string, resp *http.Response) {
	copyHeader(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	rc := http.NewResponseController(w)
	send := func(b []byte) {
		_, _ = w.Write(b)
		_ = rc.Flush()
	}
	next := 0            // client index of the next visible block
	var visible [][]byte // the blocks the client got, for the turn's anchor
	var hidden [][]byte  // what the client did not see, for its next request
	src := resp.Body
	for round := 0; ; round++ {
		var raw bytes.Buffer
		mine := map[int]bool{}
		index := map[int]int{}
		var held [][]byte
		err := readEvents(src, func(ev sseEvent, evRaw []byte) {
			raw.Write(evRaw)
			d, err := decodeObject(ev.data)
			if err != nil {
				send(evRaw)
				return
			}
			idx, _ := asInt(d["index"])
			switch d["type"] {
			case "message_start":
				if round == 0 {
					send(evRaw)
				}
			case "content_block_start":
				blk := asObject(d["content_block"])
				if blk["type"] == "tool_use" && blk["name"] == tool.Retrieve {
					mine[idx] = true
					return
				}
				index[idx] = next
				next++
				send(renumber(ev, evRaw, d, idx, index[idx]))
			case "content_block_delta", "content_block_stop":
				if !mine[idx] {
					send(renumber(ev, evRaw, d, idx, index[idx]))
				}
			case "message_delta", "message_stop":
				held = append(held, evRaw)
			default: // ping, error
				send(evRaw)
			}
		})
		if round > 0 {
			src.Close()
		}
		finish := func() {
			for _, b := range held {
				send(b)
			}
		}
		if err != nil {
			return // the upstream or the client went away mid-stream
		}
		msg, err := accumulate(anthropic, raw.Bytes())
		if err != nil {
			finish()
			return
		}
		root, err := parse(msg)
		if err != nil {
			finish()
			return
		}
		calledMine, calledTheirs := splitCalls(anthropic, msg, root)
		shown := dropCalls(anthropic, msg, root, calledMine)
		if sr, err := parse(shown); err == nil {
			for _, blk := range sr.get("content").array() {
				visible = append(visible, blk.raw(shown))
			}
		}
		if len(calledMine) > 0 {
			answers := make([][]byte, len(calledMine))
			for i, c := range calledMine {
				answers[i] = p.answer(ctx, anthropic, c)
			}
			hidden = append(hidden, callsTurn(anthropic, msg, root, calledMine, true), answerTurn(anthropic, answers))
			if len(calledTheirs) == 0 && round < maxRounds {
				body = appendTurn(anthropic, body, callsTurn(anthropic, msg, root, calledMine, false), answerTurn(anthropic, answers), "")
				next, errEvent := p.continueStream(ctx, anthropic, up, body)
				if errEvent != nil {
					send(errEvent)
					return
				}
				src = next
				continue
			}
		}
		if len(hidden) > 0 {
			turn := []byte(`{"content":[` + string(joinRaw(visible)) + `]}`)
			if tr, err := parse(turn); err == nil {
				p.remember(anthropic, turn, tr, prev, hiddenTurn{full: joinRaw(hidden)})
			}
		}
		finish()
		return
	}
}

// continueStream sends a continuation and returns its event stream, or an
// error event for the client in the API's shape.
func (p *Proxy) continueStream(ctx context.Context, a api, up upstreamRequest, body []byte) (io.ReadCloser, []byte) {
	fail := func(msg string) []byte {
		e := object{"type": "api_error", "message": "kompress proxy: continuing after kompress_retrieve: " + msg}
		if a == chat {
			return []byte("data: " + string(marshal(object{"error": e})) + "\n\n")
		}
		return []byte("event: error\ndata: " + string(marshal(object{"type": "error", "error": e})) + "\n\n")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, up.url, bytes.NewReader(body))
	if err != nil {
		return nil, fail(err.Error())
	}
	req.Header = up.header.Clone()
	req.ContentLength = int64(len(body))
	resp, err := p.hc.Do(req)
	if err != nil {
		return nil, fail(err.Error())
	}
	if resp.StatusCode != http.StatusOK || !isEventStream(resp.Header) {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if o, err := decodeObject(b); err == nil && o["error"] != nil {
			if a == chat {
				return nil, []byte("data: " + string(marshal(o)) + "\n\n")
			}
			return nil, []byte("event: error\ndata: " + string(marshal(o)) + "\n\n")
		}
		return nil, fail(resp.Status + ": " + string(b))
	}
	return resp.Body, nil
}

// renumber gives a block event the client's index of its block.
func renumber(ev sseEvent, evRaw []byte, d object, from, to int) []byte {
	if from == to {
		return evRaw
	}
	d["index"] = to
	name := ev.event
	if name == "" {
		name = str(d["type"])
	}
	return []byte("event: " + name + "\ndata: " + string(marshal(d)) + "\n\n")
}

// readEvents calls fn with each event of an event stream as it arrives,
// with the event's raw bytes.
func readEvents(r io.Reader, fn func(ev sseEvent, raw []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var cur bytes.Buffer
	for {
		line, err := br.ReadBytes('\n')
		cur.Write(line)
		end := len(line) > 0 && len(bytes.TrimRight(line, "\r\n")) == 0
		if end || err != nil && cur.Len() > 0 {
			// A chunk of comments only (keep-alives) carries no event.
			if evs := events(cur.Bytes()); len(evs) > 0 {
				fn(evs[0], bytes.Clone(cur.Bytes()))
			}
			cur.Reset()
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
