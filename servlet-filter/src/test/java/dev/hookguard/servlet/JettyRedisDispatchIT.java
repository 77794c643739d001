package dev.hookguard.servlet;

/** The dispatcher tests in embedded Jetty 12 (ee10) on the Redis store. */
class JettyRedisDispatchIT extends AbstractDispatchIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.REDIS;
    }
}
