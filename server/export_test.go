package server

// MetricsText is the exposition GET /metrics writes, without the request
// (which would count itself and need a key).
func (s *Server) MetricsText() []byte { return appendText(nil, s.m.reg.gather()) }

// WaitAttempts waits until every scoring call has ended, abandoned ones
// included, so their slots are free again.
func (s *Server) WaitAttempts() { s.attempts.Wait() }
