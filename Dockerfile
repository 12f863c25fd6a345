# The Terranova web app, for compose.yaml (two processes on PostgreSQL behind nginx) or on
# its own: docker build -t terranova . && docker run -p 8000:8000 terranova
# (then on SQLite, in /data: mount a volume there to keep the games). docs/deploy.md.

# The package's wheel, built where there is a compiler: the games' native cores are C++
# (CMakeLists.txt), and slim has no g++. The full image (the same Debian and Python as slim,
# so the wheel fits) has g++; scikit-build-core fetches cmake and ninja itself. Only what the
# build reads is copied.
FROM python:3.11 AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

COPY pyproject.toml README.md CMakeLists.txt /build/
COPY cmake /build/cmake
COPY src /build/src
RUN pip wheel --no-deps --wheel-dir /wheels /build

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The built wheel and its dependencies (wheels for all of them: no compiler needed here); no
# dev extras
COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl && rm -rf /wheels

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
