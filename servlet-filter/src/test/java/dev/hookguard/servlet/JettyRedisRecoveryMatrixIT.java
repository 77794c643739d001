package dev.hookguard.servlet;

/** The recovery tests in embedded Jetty 12 (ee10) on the Redis store. */
class JettyRedisRecoveryMatrixIT extends AbstractRecoveryMatrixIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.REDIS;
    }
}
