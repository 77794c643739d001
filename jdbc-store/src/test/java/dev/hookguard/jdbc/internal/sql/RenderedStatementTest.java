package dev.hookguard.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.JdbcSession;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

/** A shape is rendered once and its values go to every marker of their name, in the rendering's order. */
class RenderedStatementTest {

    private static final DSLContext RENDERER = JdbcSession.renderer(JdbcDialect.POSTGRESQL);

    private static Query shape() {
        return DSL.update(DSL.table(DSL.name("t")))
                .set(DSL.field(DSL.name("a"), String.class), DSL.param("first", String.class))
                .set(DSL.field(DSL.name("b"), Long.class), DSL.param("second", Long.class))
                .where(DSL.field(DSL.name("c"), String.class).eq(DSL.param("first", String.class)));
    }

    @Test
    void shouldBindEveryMarkerOfANameWithItsValueWhateverTheOrderOfTheNames() {
        RenderedStatement statement = RenderedStatement.of(RENDERER, shape(), "second", "first", "unused");

        assertThat(statement.sql()).isEqualTo("update t set a = ?, b = ? where c = ?");
        assertThat(statement.inlined(7L, "x'y", null)).isEqualTo("update t set a = 'x''y', b = 7 where c = 'x''y'");
    }

    @Test
    void shouldRefuseAShapeWithAParameterItsCallersDoNotPass() {
        assertThatThrownBy(() -> RenderedStatement.of(RENDERER, shape(), "first"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("second");
    }

    @Test
    void shouldRefuseAShapeWithAnUnnamedValue() {
        Query withValue = DSL.update(DSL.table(DSL.name("t")))
                .set(DSL.field(DSL.name("a"), String.class), DSL.val("value"))
                .where(DSL.field(DSL.name("c"), String.class).eq(DSL.param("first", String.class)));

        assertThatThrownBy(() -> RenderedStatement.of(RENDERER, withValue, "first"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseTheWrongNumberOfValues() {
        RenderedStatement statement = RenderedStatement.of(RENDERER, shape(), "first", "second");

        assertThatThrownBy(() -> statement.inlined("x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldBindAWrappedShapeAsItself() {
        RenderedStatement statement = RenderedStatement.of(RENDERER, shape(), "first", "second")
                .wrapped("set local lock_timeout = 500; ", "; set local lock_timeout to default");

        assertThat(statement.inlined("x", 7L))
                .isEqualTo("set local lock_timeout = 500; update t set a = 'x', b = 7 where c = 'x'"
                        + "; set local lock_timeout to default");
    }

    @Test
    void shouldRefuseAWrapperThatBindsAValue() {
        RenderedStatement statement = RenderedStatement.of(RENDERER, shape(), "first", "second");

        assertThatThrownBy(() -> statement.wrapped("set local lock_timeout = ?; ", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lock_timeout = ?");
    }
}
