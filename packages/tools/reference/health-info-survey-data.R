# Example file 示例数据_健康信息调查.csv (key health-info-survey) for the correspondence analysis and
# multiple response tools (issue 23, helper X2): 400 community residents (simulated). 年龄组 (4 groups)
# and 首选就医机构 (4 kinds) are associated (the young prefer 综合医院 and 互联网医院, the old
# 社区卫生服务中心); 文化程度 is a third category. 获取健康信息的渠道 is a multi-select question coded as
# six 0/1 columns 渠道_电视 … 渠道_短视频 whose chances depend on the age group. Two rows miss 首选就医机构
# and one row misses 渠道_报刊.
# Run from packages/tools: Rscript reference/health-info-survey-data.R
set.seed(20261124)
n <- 400
age <- sample(c("18-34岁", "35-49岁", "50-64岁", "65岁及以上"), n, replace = TRUE, prob = c(0.25, 0.28, 0.27, 0.20))
edu <- sample(c("初中及以下", "高中/中专", "大专及以上"), n, replace = TRUE, prob = c(0.35, 0.33, 0.32))
place <- c("社区卫生服务中心", "综合医院", "专科医院", "互联网医院")
pr <- list("18-34岁" = c(0.15, 0.40, 0.15, 0.30), "35-49岁" = c(0.22, 0.42, 0.20, 0.16),
           "50-64岁" = c(0.40, 0.35, 0.18, 0.07), "65岁及以上" = c(0.58, 0.27, 0.12, 0.03))
choice <- vapply(age, function(a) sample(place, 1, prob = pr[[a]]), "")
ch <- c("电视", "网络", "医生", "亲友", "报刊", "短视频")
pch <- rbind("18-34岁" = c(0.15, 0.75, 0.40, 0.30, 0.05, 0.60), "35-49岁" = c(0.30, 0.65, 0.50, 0.35, 0.10, 0.45),
             "50-64岁" = c(0.55, 0.40, 0.60, 0.45, 0.20, 0.30), "65岁及以上" = c(0.70, 0.15, 0.65, 0.55, 0.30, 0.10))
d <- data.frame(编号 = sprintf("R%03d", 1:n), 年龄组 = age, 文化程度 = edu, 首选就医机构 = choice, check.names = FALSE)
for (k in seq_along(ch)) d[[paste0("渠道_", ch[k])]] <- rbinom(n, 1, pch[age, k])
d$首选就医机构[c(23, 311)] <- NA
d$渠道_报刊[57] <- NA
write.csv(d, "src/examples/health-info-survey.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("wrote src/examples/health-info-survey.csv\n")
