"""Fallout Pen & Paper ranged combat rules for gunline."""
