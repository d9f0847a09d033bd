package studio

import (
	"embed"
	"html/template"
	"io/fs"
	"net/http"
)

//go:embed assets
var embedded embed.FS

// assets are the page's script and style sheet, under /assets/.
var assets = func() fs.FS { return embedded }()

var pages = template.Must(template.ParseFS(embedded, "assets/page.html"))

// pagePaths are the studio's pages, by address: what a link from another
// site may open.
var pagePaths = map[string]string{"/": "project", "/deck": "deck", "/hero": "hero", "/balance": "balance", "/pages": "pages"}

// page serves one of the pages; its script does the rest through the API.
func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		input := r.URL.Query().Get("input")
		if name != "project" && name != "balance" && s.state.input(input) == nil {
			http.Error(w, "no such input", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		pages.Execute(w, struct{ Page, Input, Token string }{name, input, s.token})
	}
}
