import os

MAIL_SERVER = "smtp.mailgun.org"
MAIL_USERNAME = "postmaster@mg.notekeeper.app"
MAIL_PASSWORD = os.environ.get("MAIL_PASSWORD", "")
SENDGRID_API_KEY = "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"
