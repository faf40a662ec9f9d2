package main

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the flush timer's goroutine.
type syncBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes++
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLogBuffer(t *testing.T) {
	out := &syncBuffer{}
	lb := newLogBuffer(out)
	log := slog.New(flushingHandler{slog.NewJSONHandler(lb, nil), lb}).With("svc", "k")
	for i := range 50 {
		log.Info("request", "n", i)
	}
	if got := out.String(); got != "" {
		t.Fatalf("info records written before a flush: %q", got)
	}
	log.Warn("store slow")
	got := out.String()
	if n := strings.Count(got, "\n"); n != 51 || !strings.HasSuffix(got, "\"msg\":\"store slow\",\"svc\":\"k\"}\n") {
		t.Fatalf("a warning writes the held records and itself, in order: %d lines, %q", n, got[max(0, len(got)-120):])
	}
	if out.writes != 1 {
		t.Errorf("%d writes for one flush", out.writes)
	}
	// Held info records reach the writer by the timer, without a flush.
	log.Info("request", "n", "late")
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(out.String(), `"late"`) {
		if time.Now().After(deadline) {
			t.Fatal("a held record was never written")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// A burst beyond logFlushBytes is written without waiting.
	big := strings.Repeat("x", logFlushBytes)
	log.LogAttrs(context.Background(), slog.LevelInfo, "request", slog.String("body", big))
	if !strings.Contains(out.String(), big) {
		t.Error("a record of logFlushBytes was held")
	}
	lb.Flush()
}
