# Chicago 1927 — the Discord bot in a small image.
#   docker build -t chicago-bot .
#   docker run -d --name chicago --env-file .env -v chicago-data:/data --restart unless-stopped chicago-bot
# The token comes from the environment at run time (--env-file); it is never in the image.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CHICAGO_DB=/data/chicago.db \
    CHICAGO_HEARTBEAT_FILE=/tmp/chicago-bot.alive

# A user without a shell or a password owns the data folder; the bot never runs as root.
RUN groupadd --system --gid 10001 chicago \
    && useradd --system --uid 10001 --gid chicago --home-dir /data --shell /usr/sbin/nologin chicago \
    && mkdir /data && chown chicago:chicago /data

# Exactly what pyproject.toml declares: the project and its dependencies, nothing else.
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY assets ./assets
RUN pip install --no-compile . && rm -rf /src

# By number, so the host and the runtime resolve the same user (hadolint DL3066).
USER 10001:10001
WORKDIR /data
# Every match lives here: keep it on a volume so it survives upgrades and restarts.
VOLUME ["/data"]

# Healthy means connected to Discord (a fresh heartbeat), not merely running.
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 \
    CMD ["chicago-bot", "doctor", "--alive"]

# SIGTERM: finish the decisions in flight, save, exit 0 (give it the grace period).
STOPSIGNAL SIGTERM
CMD ["chicago-bot", "run"]
