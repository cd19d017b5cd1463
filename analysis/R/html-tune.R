# report.html's top for a tune folder: the recommendation and the limit first, then the command to
# paste, how the search went, and why each other candidate lost.

tune_lead_html <- function(tune) {
  json <- tune$json
  recommendation <- recommendation_table(json)
  losers <- loser_table(json)
  evidence <- tune_evidence_text(json)
  c("<div id=\"recommendation\"><h2>Recommendation</h2>",
    sprintf("<p class=\"headline\"><b>%s</b></p>", html_escape(tune_headline(tune))),
    sprintf("<p id=\"limit\">%s</p>", html_escape(tune_limit_text(json))),
    if (nzchar(evidence)) sprintf("<p id=\"evidence\">%s</p>", html_escape(evidence)),
    if (!is.null(recommendation)) c(
      html_table(RECOMMENDATION_HEADER, recommendation_cells(recommendation), id = "recommended",
                 right = c(FALSE, FALSE, rep(TRUE, 5L), FALSE)),
      "<p>The command that reproduces it:</p>",
      sprintf("<pre id=\"command\"><code>%s</code></pre>", html_escape(recommendation$command))),
    sprintf("<p>%s</p>", html_escape(tune_search_text(tune))),
    "</div>",
    "<h2>Why each other candidate lost</h2>",
    if (nrow(losers) == 0L) "<p>tune.json lists no other candidate.</p>"
    else html_table(LOSER_HEADER, loser_cells(losers), id = "losers", right = c(FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, FALSE)))
}
