package server

// MetricsText is the exposition GET /metrics writes, without the request
// (which would count itself and need a key).
func (s *Server) MetricsText() []byte { return appendText(nil, s.m.reg.gather()) }
