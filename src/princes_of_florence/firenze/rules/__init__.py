"""Firenze's rules, one module per phase or mechanism (rules Z1-Z108, rulings ZR1-ZR51)."""
