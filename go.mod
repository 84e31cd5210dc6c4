module github.com/bcast-opt/bcast-opt

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/cobra v1.10.1 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)
