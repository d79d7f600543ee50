package dev.kernelkit.spark;

import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.SelectionRecipe;
import java.util.Objects;

/**
 * The harness of any {@link SelectionRecipe} (e.g. a module command's {@code cv} protocol) as a Spark
 * {@link Protocol}: every executor rebuilds it from the recipe's plain values, which is all that crosses
 * the wire; the recipe's classes must be on the executors' class path (kernelkit.jar).
 *
 * @param recipe the run in plain values
 * @param <X> the example type
 */
public record RecipeProtocol<X>(SelectionRecipe recipe) implements Protocol<X> {

    private static final long serialVersionUID = 1L;

    /** Checks the recipe is there. */
    public RecipeProtocol {
        Objects.requireNonNull(recipe, "recipe");
    }

    @Override
    public String name() {
        return recipe.name();
    }

    @Override
    public ModelSelection<X> selection() {
        return recipe.selection();
    }
}
