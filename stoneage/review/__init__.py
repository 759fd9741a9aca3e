"""The post-game review, without pygame: each human decision of a recorded game judged against
Hard's, the key moments worded for a player, and the summary the statistics keep."""
