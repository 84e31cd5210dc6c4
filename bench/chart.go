package main

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// displayName is how an implementation is labelled in notes and the chart.
var displayName = map[string]string{
	implOurs:   "ours",
	implC:      "C",
	implMLIR:   "MLIR 19",
	implNumpy:  "numpy",
	"roofline": "roofline (copy probe)",
	// the multi-thread columns
	implOursMT:  "ours on all cores",
	implCOMP:    "C under OpenMP",
	implNumpyMT: "numpy on all cores",
}

// chartSeries are the bars of each workload group, in order, with their
// colours.
var chartSeries = []struct{ impl, color string }{
	{implOurs, "#1f77b4"},
	{implC, "#7f7f7f"},
	{implMLIR, "#ff7f0e"},
	{implNumpy, "#2ca02c"},
	{"roofline", "#d62728"},
}

// chartCap is the tallest bar drawn to scale, in multiples of C's time;
// taller bars (numpy, typically) are cut and labelled with their value.
const chartCap = 4.0

// chartValue is a series' time relative to C for one workload.
func chartValue(res Result, impl string) (float64, bool) {
	c, ok := res.time(implC)
	if !ok {
		return 0, false
	}
	var v float64
	if impl == "roofline" {
		v, ok = res.RooflineMs()
	} else {
		v, ok = res.time(impl)
	}
	if !ok {
		return 0, false
	}
	return v / c, true
}

// Chart renders a self-contained SVG bar chart: per workload, one bar per
// implementation, its time divided by the C loop's time.
func (r *Report) Chart() string {
	const (
		width, height              = 820, 400
		left, right, top, bottom   = 70, 20, 76, 60
		plotW, plotH               = width - left - right, height - top - bottom
		groupGap, barGap           = 0.25, 2.0
		fontFamily                 = "font-family=\"DejaVu Sans, Arial, sans-serif\""
		titleText, yAxis, xAxisTxt = "Kernel time relative to the hand-written C loop (lower is better)", "time / C time", "workload"
	)
	var res []Result
	maxV := 1.0
	for _, x := range r.Results {
		if _, ok := x.time(implC); !ok {
			continue
		}
		res = append(res, x)
		for _, s := range chartSeries {
			if v, ok := chartValue(x, s.impl); ok {
				maxV = math.Max(maxV, v)
			}
		}
	}
	yMax := math.Min(chartCap, math.Ceil(maxV*1.1*2)/2)
	y := func(v float64) float64 { return top + plotH*(1-math.Min(v, yMax)/yMax) }

	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s font-size="12">`+"\n", width, height, width, height, fontFamily)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&sb, `<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(titleText))

	// Legend, one row under the title.
	lx := float64(left)
	for _, s := range chartSeries {
		name := displayName[s.impl]
		fmt.Fprintf(&sb, `<rect x="%.1f" y="32" width="12" height="12" fill="%s"/><text x="%.1f" y="42">%s</text>`+"\n", lx, s.color, lx+16, html.EscapeString(name))
		lx += 16 + 7.5*float64(len(name)) + 18
	}

	// Grid and y axis.
	step := 0.5
	if yMax > 2 {
		step = 1
	}
	for t := 0.0; t <= yMax+1e-9; t += step {
		yy := y(t)
		stroke := "#dddddd"
		if t == 1 {
			stroke = "#555555"
		}
		fmt.Fprintf(&sb, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>`+"\n", left, yy, width-right, yy, stroke)
		fmt.Fprintf(&sb, `<text x="%d" y="%.1f" text-anchor="end">%g</text>`+"\n", left-6, yy+4, t)
	}
	fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, top+plotH)
	fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top+plotH, width-right, top+plotH)
	fmt.Fprintf(&sb, `<text transform="translate(18 %d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", top+plotH/2, yAxis)
	fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", left+plotW/2, height-12, xAxisTxt)

	// Bars.
	if len(res) > 0 {
		groupW := float64(plotW) / float64(len(res))
		barW := (groupW*(1-groupGap) - barGap*float64(len(chartSeries)-1)) / float64(len(chartSeries))
		for g, x := range res {
			x0 := float64(left) + groupW*float64(g) + groupW*groupGap/2
			cut := 0 // cut bars so far in this group: their labels alternate in height
			for i, s := range chartSeries {
				bx := x0 + float64(i)*(barW+barGap)
				v, ok := chartValue(x, s.impl)
				if !ok {
					fmt.Fprintf(&sb, `<text x="%.1f" y="%.1f" font-size="9" text-anchor="middle" fill="#888888">n/a</text>`+"\n", bx+barW/2, float64(top+plotH)-4)
					continue
				}
				yy := y(v)
				fmt.Fprintf(&sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %.2f x C</title></rect>`+"\n",
					bx, yy, barW, float64(top+plotH)-yy, s.color, x.Workload, html.EscapeString(displayName[s.impl]), v)
				if v > yMax {
					// Cut bar: a white notch and the value above it.
					fmt.Fprintf(&sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="4" fill="white"/>`+"\n", bx, yy+8, barW)
					fmt.Fprintf(&sb, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle">%.1f</text>`+"\n", bx+barW/2, yy-3-12*float64(cut%2), v)
					cut++
				}
			}
			fmt.Fprintf(&sb, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", float64(left)+groupW*(float64(g)+0.5), top+plotH+18, x.Workload)
		}
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}
