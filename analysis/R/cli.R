# Command-line plumbing shared by report.R and compare.R.

# Splits arguments into --out DIR and positional folders; -h/--help prints the usage and exits.
parse_cli <- function(args, usage) {
  out <- NULL
  positional <- character()
  i <- 1L
  while (i <= length(args)) {
    arg <- args[[i]]
    if (arg %in% c("-h", "--help")) {
      cat(usage, sep = "\n")
      quit(status = 0L, save = "no")
    } else if (arg == "--out") {
      if (i == length(args)) input_error("--out needs a folder")
      out <- args[[i + 1L]]
      i <- i + 1L
    } else if (startsWith(arg, "--out=")) {
      out <- substring(arg, 7L)
    } else if (startsWith(arg, "-") && nchar(arg) > 1L) {
      input_error(sprintf("unknown option %s (see --help)", arg))
    } else {
      positional <- c(positional, arg)
    }
    i <- i + 1L
  }
  if (!is.null(out) && !nzchar(out)) input_error("--out needs a folder")
  list(out = out, positional = positional)
}

ensure_folder <- function(dir) {
  if (!dir.exists(dir) && !dir.create(dir, recursive = TRUE, showWarnings = FALSE)) {
    input_error(sprintf("cannot create the output folder %s", dir))
  }
  dir
}

# Runs main(cli) on the parsed command line and exits: 0 when done, 2 with one line on stderr for
# an input error, 1 with one line for anything else.
run_cli <- function(name, usage, main) {
  status <- tryCatch({
    main(parse_cli(commandArgs(trailingOnly = TRUE), usage))
    0L
  },
  tableload_input_error = function(e) {
    cat(sprintf("%s: %s\n", name, conditionMessage(e)), file = stderr())
    2L
  },
  error = function(e) {
    cat(sprintf("%s: failed: %s\n", name, conditionMessage(e)), file = stderr())
    1L
  })
  quit(status = status, save = "no")
}
