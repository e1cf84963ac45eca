# Regenerates r-fixture.json: date parts and day differences from base R, to check 日期拆分 against.
# Run from this folder: Rscript r-fixture.R
library(jsonlite)
set.seed(19)
start <- as.Date(sample(seq(as.Date("1999-12-25"), as.Date("2025-03-05"), by = "day"), 40))
start <- c(start, as.Date(c("2024-02-29", "2000-02-29", "2023-12-31", "2024-01-01", "2021-01-03")))
end <- start + sample(-30:400, length(start), replace = TRUE)
fixed <- as.Date("2024-12-31")
rows <- data.frame(
  start = format(start, "%Y-%m-%d"),
  end = format(end, "%Y-%m-%d"),
  year = as.integer(format(start, "%Y")),
  month = as.integer(format(start, "%m")),
  day = as.integer(format(start, "%d")),
  weekday = as.integer(format(start, "%u")), # ISO: 1 = Monday
  quarter = as.integer(substr(quarters(start), 2, 2)),
  to_end = as.integer(end - start),
  to_fixed = as.integer(fixed - start)
)
writeLines(toJSON(list(fixed = format(fixed), rows = rows), pretty = TRUE, dataframe = "rows", auto_unbox = TRUE), "r-fixture.json")
