# Running tableload itself from R, so that what tableload judges (compare's verdicts) is computed once, there.

# Where a checkout's Release build puts tableload, from the repository's root.
RELEASE_TABLELOAD <- file.path("src", "TableLoad", "bin", "Release", "net10.0", "tableload.dll")

# The command that runs tableload, as its words: TABLELOAD (a command line such as
# "dotnet /path/tableload.dll"), else tableload on PATH, else dotnet with the tableload.dll that
# analysis_dir ships beside (an installed tool or a build carries analysis/ next to the program),
# else with the Release build of the repository analysis_dir belongs to.
tableload_command <- function(analysis_dir) {
  given <- trimws(Sys.getenv("TABLELOAD"))
  if (nzchar(given)) return(strsplit(given, "[[:space:]]+")[[1]])
  on_path <- Sys.which("tableload")
  if (nzchar(on_path)) return(unname(on_path))
  beside <- dirname(normalizePath(analysis_dir, mustWork = TRUE))
  dotnet <- Sys.which("dotnet")
  shipped <- file.path(beside, "tableload.dll")
  if (nzchar(dotnet) && file.exists(shipped)) return(c(unname(dotnet), shipped))
  dll <- file.path(beside, RELEASE_TABLELOAD)
  if (nzchar(dotnet) && file.exists(dll)) return(c(unname(dotnet), dll))
  input_error(sprintf(paste("cannot find tableload: set TABLELOAD to the command that runs it (for example",
                            "\"dotnet path/to/tableload.dll\"), put tableload on PATH, or build the repository in Release",
                            "(dotnet build TableLoad.sln -c Release) so that %s exists"), dll))
}

# `tableload compare BASE NEW --json`, read into a list (figures as a data.frame). What tableload
# refuses (exit 2) is the user's input error, in its own sentence; any other failure is an error.
tableload_compare <- function(command, base_dir, new_dir) {
  force(command) # its own error must not reach the handler below, meant for system2's
  stderr_path <- tempfile("tableload-stderr-")
  on.exit(unlink(stderr_path))
  # system2 fails outright when the shell finds no such command: TABLELOAD names nothing that runs.
  stdout <- tryCatch(
    suppressWarnings(system2(command[[1]], shQuote(c(command[-1], "compare", base_dir, new_dir, "--json")),
                             stdout = TRUE, stderr = stderr_path)),
    error = function(e) input_error(sprintf("cannot run tableload as \"%s\": %s", paste(command, collapse = " "),
                                            paste(readLines(stderr_path, warn = FALSE), collapse = " "))))
  status <- attr(stdout, "status") %||% 0L
  said <- paste(readLines(stderr_path, warn = FALSE), collapse = " ")
  if (status == 2L) input_error(said)
  if (status != 0L) {
    stop(sprintf("%s compare exited with code %d: %s", paste(command, collapse = " "), status, said), call. = FALSE)
  }
  jsonlite::fromJSON(paste(stdout, collapse = "\n"), simplifyVector = TRUE)
}
