package pipelinehtml

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
	"time"
)

//go:embed page.css
var pageCSS string

//go:embed page.js
var pageJS string

// pageData is the JSON the page's script renders the columns from.
type pageData struct {
	// Locs are the locations of the ops, which lines refer to by index.
	Locs []string     `json:"locs"`
	Cols []columnData `json:"cols"`
}

// columnData is one column with text: its lines, the index in Locs of
// each line's location (-1: none), and its marks (see column.marks).
type columnData struct {
	Name  string   `json:"name"`
	Lines []string `json:"lines"`
	Locs  []int    `json:"locs"`
	Marks string   `json:"marks"`
}

// Write writes the page; title names it (the input file and function).
func (r *Recorder) Write(w io.Writer, title string) error {
	data := pageData{}
	locIndex := map[string]int{}
	var prev *column
	for _, c := range r.columns {
		if !c.changed {
			continue
		}
		switch {
		case prev == nil || c.name == "llvm":
			c.marks = []byte(strings.Repeat(" ", len(c.lines)))
		default:
			c.marks = diffMarks(prev.lines, c.lines, prev.locs, c.locs)
		}
		if c.name != "llvm" {
			prev = c
		}
		cd := columnData{Name: c.name, Lines: c.lines, Locs: make([]int, len(c.lines)), Marks: string(c.marks)}
		for i, l := range c.locs {
			cd.Locs[i] = -1
			if l == "" {
				continue
			}
			k, ok := locIndex[l]
			if !ok {
				k = len(data.Locs)
				locIndex[l] = k
				data.Locs = append(data.Locs, l)
			}
			cd.Locs[i] = k
		}
		data.Cols = append(data.Cols, cd)
	}
	js, err := json.Marshal(data) // escapes <, > and &: safe in <script>
	if err != nil {
		return err
	}
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(title), pageCSS)
	fmt.Fprintf(&b, "<header id=\"top\"><b>%s</b> <span class=\"help\">Click a %%value, ^block or op to highlight it and its counterparts in the other columns (Esc clears). Lines marked <span class=\"add\">+</span> were added by the pass, <span class=\"chg\">~</span> changed. Unchanged passes are collapsed; click one to see its name.</span></header>\n<main id=\"cols\">\n", esc(title))
	k := 0 // index of the column with text
	for i := 0; i < len(r.columns); {
		c := r.columns[i]
		if c.changed {
			adds, chgs := strings.Count(string(c.marks), "+"), strings.Count(string(c.marks), "~")
			fmt.Fprintf(&b, "<section class=\"col\" data-col=\"%d\" data-pass=\"%s\"><h2 title=\"%s\"><span class=\"name\">%s</span>", k, esc(c.name), esc(c.title), esc(c.name))
			if c.hasTime {
				fmt.Fprintf(&b, " <span class=\"time\">%s</span>", formatDuration(c.time))
			}
			if k > 0 && c.name != "llvm" {
				fmt.Fprintf(&b, " <span class=\"stat\"><span class=\"add\">+%d</span> <span class=\"chg\">~%d</span></span>", adds, chgs)
			}
			fmt.Fprintf(&b, " <span class=\"stat\">%d lines</span></h2><div class=\"body\"></div></section>\n", len(c.lines))
			k++
			i++
			continue
		}
		// A run of passes that changed nothing: one collapsed column.
		j := i
		for j < len(r.columns) && !r.columns[j].changed {
			j++
		}
		fmt.Fprintf(&b, "<section class=\"collapsed\" title=\"unchanged: the IR is as in the column before\"><h2>%d unchanged</h2><ul>", j-i)
		for _, u := range r.columns[i:j] {
			fmt.Fprintf(&b, "<li data-pass=\"%s\">%s", esc(u.name), esc(u.name))
			if u.hasTime {
				fmt.Fprintf(&b, " <span class=\"time\">%s</span>", formatDuration(u.time))
			}
			b.WriteString("</li>")
		}
		b.WriteString("</ul></section>\n")
		i = j
	}
	fmt.Fprintf(&b, "</main>\n<script id=\"data\" type=\"application/json\">%s</script>\n<script>\n%s</script>\n</body>\n</html>\n", js, pageJS)
	_, err = io.WriteString(w, b.String())
	return err
}

// formatDuration prints d as --mlir-timing's report would, in a unit
// that suits it.
func formatDuration(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.3f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
	}
}
