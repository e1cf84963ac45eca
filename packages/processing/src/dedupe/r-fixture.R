# Regenerates r-fixture.json: the rows base R's duplicated() keeps (first occurrence, NA equal to NA),
# to check 去除重复行 against. Run from this folder: Rscript r-fixture.R
library(jsonlite)
set.seed(20)
n <- 60
d <- data.frame(
  id = seq_len(n),
  sex = sample(c("男", "女", NA), n, replace = TRUE),
  grp = sample(c("A", "B"), n, replace = TRUE),
  glu = sample(c("5.6", "6.1", "未测", NA), n, replace = TRUE),
  stringsAsFactors = FALSE
)
csv <- paste0(c("编号,性别,分组,血糖", apply(d, 1, function(r) paste(ifelse(is.na(r), "", trimws(r)), collapse = ","))), collapse = "\n")
keep <- function(cols) d$id[!duplicated(d[, cols, drop = FALSE])]
out <- list(
  csv = paste0(csv, "\n"),
  cases = list(
    list(by = list("性别"), kept = keep("sex")),
    list(by = list("性别", "分组"), kept = keep(c("sex", "grp"))),
    list(by = list("性别", "分组", "血糖"), kept = keep(c("sex", "grp", "glu")))
  )
)
writeLines(toJSON(out, pretty = TRUE, auto_unbox = TRUE), "r-fixture.json")
