"""World of Darkness (2004) firearms and autofire rules for gunline."""
