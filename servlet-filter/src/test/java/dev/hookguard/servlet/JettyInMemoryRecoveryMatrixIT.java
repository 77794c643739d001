package dev.hookguard.servlet;

/** The recovery tests in embedded Jetty 12 (ee10) on the in-memory store. */
class JettyInMemoryRecoveryMatrixIT extends AbstractRecoveryMatrixIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.MEMORY;
    }
}
