# The Terranova web app, for compose.yaml (two processes on PostgreSQL behind nginx) or on
# its own: docker build -t terranova . && docker run -p 8000:8000 terranova
# (then on SQLite, in /data: mount a volume there to keep the games). docs/deploy.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The package and its dependencies (wheels for all of them: no compiler needed); no dev
# extras. Only what `pip install .` reads is copied.
COPY pyproject.toml README.md /build/
COPY src /build/src
RUN pip install /build && rm -rf /build

# not root: a user of its own, whose working folder holds the SQLite file, if any
RUN useradd --system --create-home --uid 10001 terranova \
    && mkdir /data && chown terranova /data
USER terranova
WORKDIR /data

EXPOSE 8000

# liveness (slim has no curl): the process answers. Readiness, /readyz, is compose's check.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=3)"]

# compose.yaml gives the database URL and the other options
CMD ["terranova", "serve", "--host", "0.0.0.0", "--port", "8000"]
