# Reading latency.hlog: HdrHistogram interval log, V2 compressed histograms, values in microseconds.
#
# A histogram here is a data.table of its non-empty buckets: index, count, and the bucket's lowest
# value and width (in microseconds). Statistics follow TableLoad's LatencyHistogram (HdrHistogram's
# rules), so the measured intervals of a log reproduce summary.json's latency figures exactly.

HLOG_COMPRESSED_COOKIE <- 0x1c849304
HLOG_COOKIE <- 0x1c849303

big_endian_number <- function(bytes) {
  sum(as.numeric(bytes) * 256^(rev(seq_along(bytes)) - 1))
}

# ZigZag LEB128 counts; a negative number -n stands for n empty buckets.
decode_counts <- function(payload) {
  if (length(payload) == 0L) return(data.table::data.table(index = numeric(), count = numeric()))
  b <- as.integer(payload)
  ends <- which(b < 128L)
  if (length(ends) == 0L || ends[length(ends)] != length(b)) stop("histogram payload ends in the middle of a count")
  starts <- c(1L, utils::head(ends, -1L) + 1L)
  if (any(ends - starts >= 8L)) stop("histogram counts of 9 bytes are not supported")
  group <- rep(seq_along(ends), ends - starts + 1L)
  shift <- seq_along(b) - starts[group]
  zigzag <- as.numeric(rowsum((b %% 128L) * 128^shift, group))
  value <- ifelse(zigzag %% 2 == 0, zigzag / 2, -(zigzag + 1) / 2)
  step <- ifelse(value < 0, -value, 1)
  index <- cumsum(c(0, utils::head(step, -1L)))
  keep <- value > 0
  data.table::data.table(index = index[keep], count = value[keep])
}

decode_histogram <- function(base64) {
  encoded <- jsonlite::base64_dec(base64)
  cookie <- big_endian_number(encoded[1:4])
  if (bitwAnd(cookie, bitwNot(0xf0)) != HLOG_COMPRESSED_COOKIE) stop("not a V2 compressed histogram")
  length <- big_endian_number(encoded[5:8])
  v2 <- memDecompress(encoded[8L + seq_len(length)], type = "gzip")
  if (bitwAnd(big_endian_number(v2[1:4]), bitwNot(0xf0)) != HLOG_COOKIE) stop("not a V2 histogram")
  payload_length <- big_endian_number(v2[5:8])
  layout <- list(
    digits = big_endian_number(v2[13:16]),
    lowest = big_endian_number(v2[17:24]),
    highest = big_endian_number(v2[25:32])
  )
  list(layout = layout, buckets = decode_counts(v2[40L + seq_len(payload_length)]))
}

# Each bucket's lowest value and width, from its index (HdrHistogram's valueFromIndex).
bucket_values <- function(index, layout) {
  sub_bucket_count_magnitude <- ceiling(log2(2 * 10^layout$digits))
  half_magnitude <- sub_bucket_count_magnitude - 1
  half_count <- 2^half_magnitude
  unit_magnitude <- floor(log2(layout$lowest))
  bucket <- index %/% half_count - 1
  sub_bucket <- index %% half_count + half_count
  first <- bucket < 0
  sub_bucket[first] <- sub_bucket[first] - half_count
  bucket[first] <- 0
  list(lowest = sub_bucket * 2^(bucket + unit_magnitude), width = 2^(bucket + unit_magnitude))
}

# One row per non-empty bucket per interval: interval, tag, start_s, index, count, lowest, width.
read_hlog <- function(path) {
  lines <- readLines(path, warn = FALSE, encoding = "UTF-8")
  lines <- lines[nzchar(lines) & !startsWith(lines, "#") & !startsWith(lines, "\"")]
  rows <- lapply(seq_along(lines), function(i) {
    fields <- strsplit(lines[[i]], ",", fixed = TRUE)[[1]]
    tag <- ""
    if (startsWith(fields[[1]], "Tag=")) {
      tag <- substring(fields[[1]], 5L)
      fields <- fields[-1L]
    }
    histogram <- decode_histogram(fields[[4]])
    values <- bucket_values(histogram$buckets$index, histogram$layout)
    histogram$buckets[, `:=`(interval = i, tag = tag, start_s = as.numeric(fields[[1]]),
                             lowest = values$lowest, width = values$width)]
  })
  if (length(rows) == 0L) {
    return(data.table::data.table(interval = integer(), tag = character(), start_s = numeric(),
                                  index = numeric(), count = numeric(), lowest = numeric(), width = numeric()))
  }
  data.table::rbindlist(rows, use.names = TRUE)[, .(interval, tag, start_s, index, count, lowest, width)]
}

# The measured intervals merged into one histogram. Measured intervals are untagged; the tags are
# "warmup", and for the open model "uncorrected" and "warmup-uncorrected" (latency from the
# actual send rather than from the intended start).
measured_histogram <- function(hlog, tag = "") {
  wanted <- tag
  hlog[hlog$tag == wanted, .(count = sum(count)), by = .(index, lowest, width)][order(index)]
}

# HdrHistogram's getValueAtPercentile, as TableLoad computes it, in microseconds.
histogram_value_at <- function(histogram, percentile) {
  total <- sum(histogram$count)
  if (total == 0) return(rep(0, length(percentile)))
  running <- cumsum(histogram$count)
  vapply(percentile, function(p) {
    # One ulp below p, as Math.BitDecrement does, so that round-off cannot push the rank up.
    below <- if (p > 0) p - 2^(floor(log2(p)) - 52) else 0
    rank <- max(ceiling(min(max(below, 0), 100) * total / 100), 1)
    i <- which(running >= rank)[1]
    if (p == 0) histogram$lowest[i] else histogram$lowest[i] + histogram$width[i] - 1
  }, 0)
}

# count, min, median, mean, max, p90, p95, p99, p999 in milliseconds (summary.json's latency_ms).
histogram_summary <- function(histogram) {
  total <- sum(histogram$count)
  if (total == 0) {
    return(list(count = 0, min = 0, median = 0, mean = 0, max = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0))
  }
  nonzero <- histogram[index != 0]
  min_us <- if (histogram$index[1] == 0) 0 else nonzero$lowest[1]
  last <- nrow(histogram)
  max_us <- histogram$lowest[last] + histogram$width[last] - 1
  mean_us <- sum((histogram$lowest + floor(histogram$width / 2)) * histogram$count) / total
  at <- histogram_value_at(histogram, c(50, 90, 95, 99, 99.9)) / 1000
  list(count = total, min = min_us / 1000, median = at[1], mean = mean_us / 1000, max = max_us / 1000,
       p90 = at[2], p95 = at[3], p99 = at[4], p999 = at[5])
}

read_measured_histogram <- function(dir, tag = "") {
  path <- file.path(dir, "latency.hlog")
  if (!file.exists(path)) return(NULL)
  measured_histogram(read_hlog(path), tag)
}
