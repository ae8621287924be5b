from flask import Flask

from .routes import bp


def create_app():
    app = Flask(__name__)
    app.config["SECRET_KEY"] = "notekeeper-dev-secret-2023"
    app.config["DATABASE"] = "notekeeper.db"
    app.register_blueprint(bp)
    return app


app = create_app()

if __name__ == "__main__":
    app.run(host="0.0.0.0", port=5000, debug=True)
